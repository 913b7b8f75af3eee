// A partner's text message with its translation: a Translate action, the translation under the
// original once there is one, and a toggle between both and the original alone.
import { useQuery } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  type PointerEvent,
  type SyntheticEvent,
  useEffect,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { translateKeys } from '../api/keys';
import { classifyTranslateError, translateMessage } from '../api/translate-message';
import { translateStore } from '../store';

/** Keeps a click inside the bubble from opening the message's actions. */
const stop = (e: SyntheticEvent | KeyboardEvent | PointerEvent) => e.stopPropagation();

export function TranslatableText({
  id,
  text,
  target,
  kept,
  auto,
  noRoute,
  group,
}: {
  id: number;
  text: string;
  /** The language to translate into. */
  target: string;
  /** The translation into `target` the server has already (translated on arrival, or before). */
  kept?: string | undefined;
  /** Translate without being asked (an incoming message while a language is chosen). */
  auto: boolean;
  /** Why no route reaches `target` from the text's language, said instead of Translate. */
  noRoute?: string | undefined;
  /** The group the message is in (a group chat's). */
  group?: number | undefined;
}) {
  const { t } = useTranslation();
  // Asked for one language: choosing another (or "Do not translate") asks nothing by itself.
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const asked = askedFor === target;
  const [showTranslation, setShowTranslation] = useState(true);
  const query = useQuery({
    queryKey: translateKeys.message(id, target, group),
    queryFn: () => translateMessage(id, target, group),
    enabled: (asked || auto) && kept === undefined && noRoute === undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  useEffect(() => {
    if (query.data) translateStore.answered(query.data);
  }, [query.data]);
  const failure = query.error ? classifyTranslateError(query.error) : null;
  useEffect(() => {
    if (failure === 'insufficient' || failure === 'unavailable') {
      translateStore.refused({ kind: failure, target });
    }
  }, [failure, target]);

  const button = (label: string, onClick: () => void) => (
    <button
      type="button"
      className="link-btn translate-action"
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      onKeyDown={stop}
      onPointerDown={stop}
      onContextMenu={stop}
    >
      {label}
    </button>
  );

  const translation = query.data?.text ?? kept;

  return (
    <div className="translatable">
      <p className="bubble-text">{text}</p>
      {translation !== undefined && showTranslation && (
        <p className="bubble-text translation" lang={target} data-testid="translation">
          {translation}
        </p>
      )}
      <div className="translate-actions">
        {query.isFetching ? (
          <span className="translate-status" role="status">
            {t('translate.translating')}
          </span>
        ) : translation !== undefined ? (
          button(
            showTranslation ? t('translate.showOriginal') : t('translate.showTranslation'),
            () => setShowTranslation((v) => !v),
          )
        ) : noRoute !== undefined ? (
          <span className="translate-status" data-testid="translate-no-route">
            {noRoute}
          </span>
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
            {button(failure ? t('common.retry') : t('translate.translate'), () => {
              setAskedFor(target);
              if (query.isError) void query.refetch();
            })}
          </>
        )}
      </div>
    </div>
  );
}
