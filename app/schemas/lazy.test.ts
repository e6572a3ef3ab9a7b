import { describe, expect, it, vi } from "vitest";
import { lazyModule } from "./lazy";

describe("lazyModule", () => {
  it("imports once, on the first load, and then offers the module synchronously", async () => {
    const importer = vi.fn(async () => ({ answer: 42 }));
    const rules = lazyModule(importer);
    expect(importer).not.toHaveBeenCalled();
    expect(rules.loaded).toBeUndefined();

    const [first, second] = await Promise.all([rules.load(), rules.load()]);
    expect(first).toEqual({ answer: 42 });
    expect(second).toBe(first);
    expect(rules.loaded).toBe(first);
    await rules.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it("resolves to undefined when the import fails and tries again on the next load", async () => {
    const importer = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValueOnce({ answer: 42 });
    const rules = lazyModule(importer);

    expect(await rules.load()).toBeUndefined();
    expect(rules.loaded).toBeUndefined();
    expect(await rules.load()).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
