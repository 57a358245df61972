import { useEffect } from 'react';
import { TEXT } from './text';

/** The document title of a console page (`Ordini · Console`). */
export const usePageTitle = (title: string): void => {
  useEffect(() => {
    document.title = `${title} · ${TEXT.appName}`;
  }, [title]);
};
