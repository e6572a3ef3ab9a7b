import { z } from "zod";

/**
 * zod as every schema file uses it. Jitless: zod would otherwise probe
 * `new Function("")` before compiling a fast parser, and our strict CSP
 * reports that probe as a violation in the browser. This module must be
 * evaluated before any schema is built (zod reads the flag per schema), which
 * importing `z` from here guarantees.
 */
z.config({ jitless: true });

export { z };
