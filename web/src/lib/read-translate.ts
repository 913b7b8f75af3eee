// Where a Translate link goes under a text people read (a dynamic, a comment, an About me): the
// feed and people features leave the place, the app fills it with the translate feature's link
// (features never import one another).
import { type ReactNode, createContext, useContext } from 'react';

export interface ReadText {
  kind: 'dynamic' | 'comment' | 'about';
  /** The dynamic's, the comment's or the person's id. */
  id: number;
  text: string;
  /** The author's language, which the text is written in. */
  language: string | null | undefined;
  authorId: number;
}

export const ReadTranslateContext = createContext<((text: ReadText) => ReactNode) | null>(null);

export function useReadTranslate() {
  return useContext(ReadTranslateContext);
}
