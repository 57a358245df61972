/** The console's calls for leads, pre-made orders and mobile orders (defined with `cep` from define.ts). */
export const salesConsoleEndpoints = {} as const;
