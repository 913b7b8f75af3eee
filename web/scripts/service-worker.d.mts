import type { Plugin } from 'vite';

export function shellFiles(bundle: Record<string, unknown>): string[];
export function fillServiceWorker(source: string, files: string[]): string;
export function serviceWorkerPlugin(): Plugin;
