// The rules and privacy policy page.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';
import { formatDate } from '../../i18n/format';

const SECTIONS = [
  'collect',
  'purposes',
  'photos',
  'messages',
  'payments',
  'retention',
  'deletion',
  'rights',
  'age',
  'contact',
] as const;

const UPDATED = '2026-11-01';

/** The privacy policy. */
export default function RulesPage() {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <AppBar title={t('rules.title')} back />
      <article className="page policy">
        <p className="muted">
          {t('rules.updated', { date: formatDate(UPDATED, { dateStyle: 'long' }) })}
        </p>
        <p>{t('rules.intro')}</p>
        {SECTIONS.map((s) => (
          <section key={s} id={s}>
            <h2>{t(`rules.${s}Title`)}</h2>
            <p>{t(`rules.${s}Body`)}</p>
          </section>
        ))}
      </article>
    </div>
  );
}
