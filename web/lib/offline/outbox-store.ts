/** A write made offline, kept in IndexedDB until the server has it. */
export type PendingWrite = {
  /** The client's own id for this write, sent as its Idempotency-Key: a replay is the same write. */
  id: string;
  userId: string;
  /** What shows it while it waits, e.g. "posts:<communityId>". */
  scope: string;
  method: "POST";
  path: string;
  body: Record<string, unknown>;
  /** The query keys to refetch once it is sent. */
  refresh: unknown[][];
  createdAt: number;
};

const DB_NAME = "agora-offline";
const STORE = "outbox";

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opening = null;
      reject(req.error);
    };
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const storedWrites = () => run<PendingWrite[]>("readonly", (s) => s.getAll());
export const storeWrite = (write: PendingWrite) => run("readwrite", (s) => s.put(write));
export const deleteWrite = (id: string) => run("readwrite", (s) => s.delete(id));
export const deleteAllWrites = () => run("readwrite", (s) => s.clear());
