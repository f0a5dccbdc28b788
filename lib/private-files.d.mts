/** Creates `directory` if needed and makes it, and everything already in it, private (0700/0600). */
export function makePrivateDirectory(directory: string): void;
