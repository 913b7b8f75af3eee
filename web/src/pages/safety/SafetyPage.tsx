// Safety tips for meeting people online: what scammers ask for, how to meet safely, and how to
// report and block someone on Amora. Open to anyone, signed in or not.
import { useTranslation } from 'react-i18next';
import { AppBar } from '../../components/AppBar';

const TIPS = ['money', 'inApp', 'video', 'public', 'friend', 'reportMoney', 'howTo'] as const;

export default function SafetyPage() {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <AppBar title={t('safety.title')} back />
      <article className="page policy safety">
        <p>{t('safety.intro')}</p>
        {TIPS.map((tip) => (
          <section key={tip} id={tip} data-testid="safety-tip">
            <h2>{t(`safety.${tip}Title`)}</h2>
            <p>{t(`safety.${tip}Body`)}</p>
          </section>
        ))}
        <p className="muted">{t('safety.outro')}</p>
      </article>
    </div>
  );
}
