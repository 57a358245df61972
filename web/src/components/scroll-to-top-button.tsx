import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/translation';
import './scroll-to-top-button.css';

const SHOW_AFTER_PX = 300;

/**
 * Appears once the visitor has scrolled down; takes them back to the top of the page. Floating at the
 * bottom corner from 768 px, after the footer on phones (scroll-to-top-button.css). On phones it sits in the
 * page's flow just above the customizer's button, in a slot that keeps its height while the button is
 * away: scrolling never moves what is under the finger (a tap whose target moves between press and release
 * is lost).
 */
export function ScrollToTopButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <div className="scroll-to-top-slot">
      {visible && (
        <button
          type="button"
          className="btn btn-primary scroll-to-top"
          aria-label={t('app.scrollToTop')}
          onClick={() => {
            const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
            window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
          }}
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 19V5M5 12l7-7 7 7" />
          </svg>
        </button>
      )}
    </div>
  );
}
