/**
 * A promise rejected with no handler is a bug, but not one that may take the server and every
 * tenant down with it (Node's default is to exit): it is logged and the server goes on.
 */
export function logUnhandledRejections(log: (message: string, reason: unknown) => void): void {
  process.on('unhandledRejection', (reason) =>
    log('Unhandled rejection (the server goes on):', reason),
  );
}
