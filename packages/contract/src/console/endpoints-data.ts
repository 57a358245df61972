/** The console's calls for coverage and ATECO files and the privacy tools (defined with `cep` from define.ts). */
export const dataConsoleEndpoints = {} as const;
