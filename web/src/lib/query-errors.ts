/** True for an error that carries a 4xx status (the contract's ApiError does): retrying cannot help. */
export const isApiLikeClientError = (error: unknown): boolean => {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
};
