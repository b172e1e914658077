/** Test helpers for the data room: files, an in-memory data room API and a fake XMLHttpRequest for the storage POST. */
import type { FileView } from '#shared/api-types';
import { MAX_FILE_BYTES } from '#shared/api-types';
import type { FakeHandler, FakeReply, FakeRoutes } from '../../test/fake-api';

let nextId = 0;

export function fileView(overrides: Partial<FileView> = {}): FileView {
  nextId += 1;
  return {
    id: `file-${nextId}`,
    name: `document-${nextId}.pdf`,
    category: 'pitch-deck',
    size: 2 * 1024 * 1024,
    contentType: 'application/pdf',
    uploadedAt: '2025-01-05T12:00:00.000Z',
    ...overrides,
  };
}

export const STORAGE_URL = 'https://storage.example.test/data-room';
export const UPLOAD_FIELDS = { key: 'founder-sub/upload-1', policy: 'policy-b64', 'x-amz-signature': 'sig' };

export interface DataRoomFakeOptions {
  files?: FileView[];
  /** Overrides of single routes (e.g. a failing delete). */
  routes?: FakeRoutes;
}

/** Answers the data room routes from an in-memory list (newest first), as the server would. */
export function dataRoomFake({ files = [], routes = {} }: DataRoomFakeOptions = {}) {
  const state = { files: [...files] };
  const list: FakeHandler = () => ({ body: { files: state.files, nextCursor: null } });
  const startUpload: FakeHandler = () => ({
    body: { url: STORAGE_URL, fields: UPLOAD_FIELDS, key: UPLOAD_FIELDS.key, maxBytes: MAX_FILE_BYTES },
  });
  const confirmUpload: FakeHandler = (request) => {
    const { name, category } = request.body as { name: string; category: FileView['category'] };
    const file = fileView({
      id: 'uploaded-1',
      name,
      category,
      size: 2 * 1024 * 1024,
      uploadedAt: new Date().toISOString(),
    });
    state.files = [file, ...state.files];
    return { body: { file } };
  };
  const download: FakeHandler = (request) => {
    const id = request.url.pathname.split('/')[3] ?? '';
    const file = state.files.find((f) => f.id === id);
    return file
      ? { body: { url: `${STORAGE_URL}/${id}?signature=abc`, name: file.name } }
      : { status: 404, body: { error: 'NotFound', message: 'File not found.' } };
  };
  const remove: FakeHandler = (request): FakeReply => {
    const id = request.url.pathname.split('/')[3] ?? '';
    state.files = state.files.filter((f) => f.id !== id);
    return { status: 204 };
  };
  const all: FakeRoutes = {
    'dataroom.list': list,
    'dataroom.startUpload': startUpload,
    'dataroom.confirmUpload': confirmUpload,
    'dataroom.download': download,
    'dataroom.delete': remove,
    ...routes,
  };
  return { routes: all, state };
}

type Listener = (() => void) | null;

/** Stands in for XMLHttpRequest: records each request and lets the test drive progress and the answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];

  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Listener = null;
  onerror: Listener = null;
  onabort: Listener = null;
  ontimeout: Listener = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  send(body: FormData): void {
    this.body = body;
    FakeXhr.instances.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, responseText = ''): void {
    this.status = status;
    this.responseText = responseText;
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }

  static reset(): void {
    FakeXhr.instances = [];
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.instances[FakeXhr.instances.length - 1];
    if (!xhr) throw new Error('No XMLHttpRequest was sent');
    return xhr;
  }
}
