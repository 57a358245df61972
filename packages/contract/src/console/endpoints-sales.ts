/** The console's calls for leads, pre-made orders and mobile orders (defined with `cep` from endpoints.ts). */
export const salesConsoleEndpoints = {} as const;
