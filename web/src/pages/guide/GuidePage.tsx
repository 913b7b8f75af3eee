// The first launch's guide: a few cards, then login.
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/Button';
import { ChatIcon, GlobeIcon, HeartIcon } from '../../components/icons';
import type { TranslationKey } from '../../i18n';
import { useTranslationPromise } from '../../features/translate/components/translation-promise';
import { paths } from '../../lib/paths';

// The second card promises only what the server's translation routes make true.
const CARDS: { title: TranslationKey; body: TranslationKey; icon: ReactNode }[] = [
  { title: 'guide.title1', body: 'guide.body1', icon: <GlobeIcon size={56} /> },
  { title: 'guide.title2', body: 'guide.body2', icon: <ChatIcon size={56} /> },
  { title: 'guide.title3', body: 'guide.body3', icon: <HeartIcon size={56} /> },
];

/** Three swipeable intro cards, then login. */
export default function GuidePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const touchX = useRef<number | null>(null);
  const promise = useTranslationPromise();
  const words = (card: (typeof CARDS)[number]) =>
    card.title === 'guide.title2' ? promise : { title: t(card.title), body: t(card.body) };
  const last = index === CARDS.length - 1;
  const finish = () => navigate(paths.login, { replace: true });
  const go = (i: number) => setIndex(Math.max(0, Math.min(CARDS.length - 1, i)));

  return (
    <main
      className="guide"
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start == null || end == null) return;
        if (end - start < -40) go(index + 1);
        else if (end - start > 40) go(index - 1);
      }}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(index + 1);
        if (e.key === 'ArrowLeft') go(index - 1);
      }}
    >
      <div className="guide-top">
        <Button variant="ghost" small onClick={finish}>
          {t('common.skip')}
        </Button>
      </div>
      <div className="guide-track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {CARDS.map((card, i) => (
          <section
            key={card.title}
            className="guide-card"
            aria-hidden={i !== index}
            aria-roledescription="slide"
            aria-label={t('guide.progress', { current: i + 1, total: CARDS.length })}
          >
            <div className="guide-art">{card.icon}</div>
            <h1>{words(card).title}</h1>
            <p data-testid={`guide-body-${i + 1}`}>{words(card).body}</p>
          </section>
        ))}
      </div>
      <div className="guide-bottom">
        <div className="guide-dots">
          {CARDS.map((card, i) => (
            <button
              key={card.title}
              type="button"
              className={i === index ? 'dot active' : 'dot'}
              aria-label={t('guide.progress', { current: i + 1, total: CARDS.length })}
              aria-current={i === index ? 'step' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <Button block onClick={last ? finish : () => go(index + 1)}>
          {last ? t('common.start') : t('common.next')}
        </Button>
      </div>
    </main>
  );
}
