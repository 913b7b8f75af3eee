// A local stand-in for LibreTranslate, speaking its wire format: GET /languages (each language
// with the codes it translates into) and POST /translate with a JSON body of q, source, target,
// format and api_key, answered {translatedText}. It knows a few sentences between Japanese and
// Spanish (and English); anything else comes back marked with its target, "[es] ...". A request
// LibreTranslate would refuse is written down as a problem.
import { CallLog, type StandIn, json, serve } from './http';

/** LibreTranslate's codes for seven of the app's eight languages, each into every other. Russian
 * is left out, as an operator's LibreTranslate may leave a language out: a pair with no route. */
const CODES = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'es', 'ko', 'de'];

/** source -> target -> text -> translation. */
export const PHRASES: Record<string, Record<string, Record<string, string>>> = {
  es: {
    ja: {
      '¡Hola Yui! Me encanta Japón.': 'こんにちは、ユイさん！日本が大好きです。',
      '¿Cuál es tu comida favorita?': '好きな食べ物は何ですか？',
    },
  },
  ja: {
    es: {
      'はじめまして、パブロさん。': 'Encantada de conocerte, Pablo.',
      'ラーメンが大好きです。': 'Me encanta el ramen.',
    },
  },
};

export async function startLibreTranslate(): Promise<StandIn & { log: CallLog }> {
  const log = new CallLog();
  const standIn = await serve(log, /^$/, ({ req, url, body, res }) => {
    if (req.method === 'GET' && url.pathname === '/languages') {
      json(
        res,
        200,
        CODES.map((code) => ({ code, name: code, targets: CODES.filter((c) => c !== code) })),
      );
      return;
    }
    if (req.method === 'POST' && url.pathname === '/translate') {
      const asked = JSON.parse(body) as Record<string, unknown>;
      const { q, source, target, format, api_key: key } = asked;
      if (typeof q !== 'string' || typeof source !== 'string' || typeof target !== 'string') {
        log.problem(`translate without q, source and target: ${body}`);
        json(res, 400, { error: 'Invalid request: missing q, source or target' });
        return;
      }
      if (format !== 'text' || typeof key !== 'string') {
        log.problem(`translate with format ${String(format)} and api_key ${String(key)}`);
      }
      if (!CODES.includes(source) || !CODES.includes(target)) {
        json(res, 400, { error: `${source} to ${target} is not supported` });
        return;
      }
      json(res, 200, { translatedText: PHRASES[source]?.[target]?.[q] ?? `[${target}] ${q}` });
      return;
    }
    json(res, 404, { error: 'Not Found' });
  });
  return { ...standIn, log };
}
