/** Stops the server start or a command-line tool with one readable line and exit code 1. */
export function exitWithMessage(message: string): never {
  console.error(message);
  process.exit(1);
}
