import { appPath, followUpdates, subscribeWaitingVersion, waitingVersion } from './service-worker';

/** A service worker going through its states. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function follow(controlled: boolean) {
  const reg = new FakeRegistration();
  const controller = controlled ? ({} as ServiceWorker) : null;
  followUpdates(reg as unknown as ServiceWorkerRegistration, { controller });
  return reg;
}

describe('a new version of the app', () => {
  it('waits for the reload once installed beside the running one', () => {
    const reg = follow(true);
    const told = vi.fn();
    const stop = subscribeWaitingVersion(told);
    const worker = new FakeWorker();
    reg.find(worker);
    expect(waitingVersion()).toBeNull();
    worker.become('installed');
    expect(waitingVersion()).toBe(worker);
    expect(told).toHaveBeenCalledOnce();
    // Gone (another tab reloaded into it, or it failed): nothing waits any more.
    worker.become('redundant');
    expect(waitingVersion()).toBeNull();
    stop();
  });

  it('is not news the first time: there is nothing to replace', () => {
    const reg = follow(false);
    const worker = new FakeWorker();
    reg.find(worker);
    worker.become('installed');
    expect(waitingVersion()).toBeNull();
  });
});

describe('the pages a notification opens', () => {
  it('are paths of this app only', () => {
    expect(appPath('/pages/index/index?tab=wink')).toBe('/pages/index/index?tab=wink');
    expect(appPath('//evil.example/x')).toBeNull();
    expect(appPath('https://evil.example/')).toBeNull();
    expect(appPath(42)).toBeNull();
  });
});
