import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n } from '../../../i18n';
import { ApiError, failureMessage } from '../../../lib/request';
import { subscribeToasts } from '../../../lib/toast';
import { EXPORT_URL, attachmentName } from '../api/download-data';
import { DownloadMyData } from './DownloadMyData';

const NAME = 'amora-ana-2026-11-26.zip';

/** The server: the export waits for the test to answer it. */
function server() {
  let answer: (response: Response) => void = () => {};
  const fetchMock = vi.fn(
    () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, answer: (response: Response) => answer(response) };
}

/** The links the page clicked to save a file, and the blobs it made URLs of. */
function downloads() {
  const clicked: HTMLAnchorElement[] = [];
  const blobs: Blob[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:archive';
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  return { clicked, blobs };
}

function toasts() {
  const seen: string[] = [];
  const stop = subscribeToasts((list) => seen.push(...list.map((t) => t.text)));
  return { seen, stop };
}

function renderRow() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ul>
        <DownloadMyData />
      </ul>
    </QueryClientProvider>,
  );
  return screen.getByTestId('download-my-data');
}

beforeAll(() => initI18n());
beforeEach(() => localStorage.setItem('TOKEN', 'tok'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Download my data', () => {
  it('fetches the archive with the session and saves it under the name the server gives, busy meanwhile', async () => {
    const { fetchMock, answer } = server();
    const { clicked, blobs } = downloads();
    const { seen, stop } = toasts();
    const row = renderRow();
    expect(row.textContent).toBe('Download my data');

    fireEvent.click(row);
    await waitFor(() => expect((row as HTMLButtonElement).disabled).toBe(true));
    expect(row.getAttribute('aria-busy')).toBe('true');
    expect(row.textContent).toContain('Preparing your data…');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(EXPORT_URL);
    expect(url).toBe('/prod-api/system/user/export');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok' });

    answer(
      new Response(new TextEncoder().encode('PK\u0003\u0004 the archive'), {
        status: 200,
        headers: {
          'Content-Type': 'application/zip',
          'Content-Disposition': `attachment; filename="${NAME}"`,
        },
      }),
    );
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe(NAME);
    expect(clicked[0]?.href).toBe('blob:archive');
    expect(await blobs[0]?.text()).toBe('PK\u0003\u0004 the archive');
    await waitFor(() => expect((row as HTMLButtonElement).disabled).toBe(false));
    expect(row.textContent).toBe('Download my data');
    expect(seen).toContain('Your data has been downloaded');
    stop();
  });

  it('says how long to wait when the hourly limit is spent, and saves nothing', async () => {
    const { fetchMock, answer } = server();
    const { clicked } = downloads();
    const { seen, stop } = toasts();
    const row = renderRow();
    fireEvent.click(row);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const msg = 'Too many requests, please try again later';
    answer(
      new Response(JSON.stringify({ code: 429, msg, data: null }), {
        status: 429,
        headers: { 'Retry-After': '1800' },
      }),
    );
    const expected = failureMessage(new ApiError(429, msg, null, 1800));
    expect(expected).not.toBe(msg);
    await waitFor(() => expect(seen).toContain(expected));
    await waitFor(() => expect((row as HTMLButtonElement).disabled).toBe(false));
    expect(clicked).toHaveLength(0);
    stop();
  });

  it('signs out when the session has expired', async () => {
    const { fetchMock, answer } = server();
    downloads();
    const row = renderRow();
    fireEvent.click(row);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    answer(
      new Response(
        JSON.stringify({ code: 401, msg: 'Login has expired, please log in again', data: null }),
        { status: 401 },
      ),
    );
    await waitFor(() => expect(localStorage.getItem('TOKEN')).toBeNull());
  });

  it('reads the file name of the attachment', () => {
    expect(attachmentName(`attachment; filename="${NAME}"`)).toBe(NAME);
    expect(attachmentName(null)).toBeNull();
  });
});
