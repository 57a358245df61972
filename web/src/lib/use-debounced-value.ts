import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `ms` (search-as-you-type: one request per pause, not per key). */
export const useDebouncedValue = <T>(value: T, ms: number): T => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};
