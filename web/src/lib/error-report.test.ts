import {
  MAX_REPORTS,
  ReportBudget,
  describeFault as describeError,
  installErrorReporter,
  resetErrorReporterForTests,
} from './error-report';
import { ApiError } from './request';

/** A window stand-in: events, an address and a browser name. */
function fakeWindow() {
  const target = new EventTarget() as EventTarget & {
    location: { href: string };
    navigator: { userAgent: string };
  };
  target.location = { href: 'https://amora.test/pages/album/album' };
  target.navigator = { userAgent: 'TestBrowser/1.0' };
  return target;
}

function throwIn(target: EventTarget, error: unknown, message = '') {
  target.dispatchEvent(new ErrorEvent('error', { error, message }));
}

function rejectIn(target: EventTarget, reason: unknown) {
  const event = new Event('unhandledrejection') as Event & { reason: unknown };
  event.reason = reason;
  target.dispatchEvent(event);
}

describe('the error report budget', () => {
  it('lets five different messages through, each once', () => {
    const budget = new ReportBudget();
    expect(budget.take('a')).toBe(true);
    expect(budget.take('a')).toBe(false);
    for (const m of ['b', 'c', 'd', 'e']) expect(budget.take(m)).toBe(true);
    expect(budget.take('f')).toBe(false);
  });
});

describe('what a report says', () => {
  it('names the error and keeps its stack', () => {
    const error = new TypeError('x is undefined');
    const report = describeError(error);
    expect(report?.message).toBe('TypeError: x is undefined');
    expect(report?.stack).toContain('x is undefined');
  });

  it('cuts a long message to what the server keeps', () => {
    expect(describeError('m'.repeat(5000))?.message).toHaveLength(1000);
  });

  it('leaves out refusals from the server and empty reasons', () => {
    expect(describeError(new ApiError(400, 'The album holds at most 6 photos'))).toBeNull();
    expect(describeError(undefined)).toBeNull();
    expect(describeError('   ')).toBeNull();
  });
});

describe('the error reporter', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetErrorReporterForTests();
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('{"code":200,"msg":"","data":null}'));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const sent = () =>
    fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as { message: string });

  it('sends an uncaught error with the page address and browser, without a session', () => {
    const page = fakeWindow();
    installErrorReporter(page as unknown as Window);
    throwIn(page, new Error('boom'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/prod-api/system/error/html/add');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(JSON.parse(String(init?.body))).toMatchObject({
      message: 'Error: boom',
      url: 'https://amora.test/pages/album/album',
      userAgent: 'TestBrowser/1.0',
    });
  });

  it('sends the session token when there is one', () => {
    localStorage.setItem('TOKEN', 'tok');
    const page = fakeWindow();
    installErrorReporter(page as unknown as Window);
    rejectIn(page, new Error('lost'));
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('sends at most five reports a page load, never the same message twice', () => {
    const page = fakeWindow();
    installErrorReporter(page as unknown as Window);
    throwIn(page, new Error('same'));
    throwIn(page, new Error('same'));
    rejectIn(page, new Error('same'));
    for (let i = 0; i < 10; i += 1) throwIn(page, new Error(`fault ${i}`));
    expect(sent().map((r) => r.message)).toEqual([
      'Error: same',
      'Error: fault 0',
      'Error: fault 1',
      'Error: fault 2',
      'Error: fault 3',
    ]);
    expect(sent()).toHaveLength(MAX_REPORTS);
  });

  it('never throws, whether the network fails or fetch itself throws', async () => {
    const page = fakeWindow();
    installErrorReporter(page as unknown as Window);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(() => throwIn(page, new Error('one'))).not.toThrow();
    fetchMock.mockImplementationOnce(() => {
      throw new Error('fetch broke');
    });
    expect(() => throwIn(page, new Error('two'))).not.toThrow();
    await Promise.resolve();
    // Both were tried once; the failures of the reporting were not reported in turn.
    expect(sent().map((r) => r.message)).toEqual(['Error: one', 'Error: two']);
  });

  it('takes a message-only error event, and skips a server refusal nobody caught', () => {
    const page = fakeWindow();
    installErrorReporter(page as unknown as Window);
    throwIn(page, null, 'Script error.');
    rejectIn(page, new ApiError(403, 'Upgrade now', { upgrade: true }));
    expect(sent().map((r) => r.message)).toEqual(['Script error.']);
  });
});
