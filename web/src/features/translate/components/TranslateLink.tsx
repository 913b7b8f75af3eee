// The Translate link under a text people read outside the chat (a dynamic, a comment, an About
// me), offered only when the text is in another language than mine and a route reaches mine; the
// translation shows under the original, with Show original to hide it again.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getStoredLanguage } from '../../../i18n/languages';
import { usePartnerRoutes } from '../api/chat-language';
import { classifyTranslateError } from '../api/translate-message';
import { type TextKind, useTextTranslation } from '../api/translate-text';
import './translate.css';

export function TranslateLink({
  kind,
  id,
  text,
  language,
  authorId,
}: {
  kind: TextKind;
  /** The dynamic's, the comment's or the person's id. */
  id: number;
  text: string;
  /** The author's language, which the text is written in. */
  language: string | null | undefined;
  authorId: number;
}) {
  const { t } = useTranslation();
  const target = getStoredLanguage().abbr;
  const foreign = !!language && language !== target && text.trim() !== '';
  // How the author's language reaches mine: asked only for a text in another language.
  const routes = usePartnerRoutes(foreign ? authorId : 0);
  const reachable =
    foreign &&
    routes != null &&
    !routes.routes.some((r) => r.target === target && r.route === 'none');
  const [asked, setAsked] = useState(false);
  const [shown, setShown] = useState(true);
  const query = useTextTranslation({ kind, id, text, target, asked: asked && reachable });
  if (!reachable) return null;

  const failure = query.error ? classifyTranslateError(query.error) : null;
  const translation = query.data?.text;
  return (
    <div className="read-translate">
      {translation !== undefined && shown && (
        <p className="read-translation" lang={target} data-testid="text-translation">
          {translation}
        </p>
      )}
      <div className="translate-actions">
        {query.isFetching ? (
          <span className="translate-status" role="status">
            {t('translate.translating')}
          </span>
        ) : translation !== undefined ? (
          <button type="button" className="link-btn" onClick={() => setShown((v) => !v)}>
            {shown ? t('translate.readShowOriginal') : t('translate.showTranslation')}
          </button>
        ) : (
          <>
            {failure && (
              <span className="translate-status error" role="alert">
                {failure === 'unavailable'
                  ? t('translate.unavailable')
                  : failure === 'insufficient'
                    ? t('translate.insufficient')
                    : t('translate.failed')}
              </span>
            )}
            <button
              type="button"
              className="link-btn"
              data-testid="translate-text"
              onClick={() => {
                setAsked(true);
                setShown(true);
                if (query.isError) void query.refetch();
              }}
            >
              {failure ? t('common.retry') : t('translate.translate')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
