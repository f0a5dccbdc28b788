/**
 * Reads DATA_DIR/operator-secrets.json, creating it with a random password
 * and session secret the first time.
 */
export function loadOrCreateLocalSecrets(directory: string): { sessionSecret: string; password: string; file: string };
