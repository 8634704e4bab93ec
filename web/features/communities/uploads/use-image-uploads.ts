import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorMessage } from "../../../lib/errors";
import { isAcceptedImage, resizeImage } from "../../../lib/images/resize";
import { uploadImage } from "../../../lib/images/upload";
import { toast } from "../../../lib/toast";
import { MAX_COMMUNITY_IMAGE_BYTES, MAX_COMMUNITY_IMAGES } from "../../../../common/catalog";
import type { UploadPurpose } from "../../../../common/contract/enums";

export type UploadStatus = "queued" | "processing" | "uploading" | "done" | "error";

export type UploadItem = {
  id: string;
  name: string;
  status: UploadStatus;
  /** 0-100 while uploading. */
  progress: number;
  /** The stored image, once uploaded. */
  url: string | null;
  /** What the tile shows: a local copy while uploading, the stored image after. */
  preview: string | null;
  error: string | null;
};

let nextId = 0;
const newItemId = () => `upload-${++nextId}`;

/** Which new files fit: at most `slots` of them, each an accepted image no larger than the limit. */
export function pickFiles<F extends { name: string; size: number; type: string }>(files: F[], slots: number) {
  const tooLarge = files.filter((f) => isAcceptedImage(f) && f.size > MAX_COMMUNITY_IMAGE_BYTES);
  const unsupported = files.filter((f) => !isAcceptedImage(f));
  const fitting = files.filter((f) => isAcceptedImage(f) && f.size <= MAX_COMMUNITY_IMAGE_BYTES);
  return { accepted: fitting.slice(0, Math.max(0, slots)), tooMany: fitting.length > slots, tooLarge, unsupported };
}

/**
 * The community images of a form: each chosen file is resized, then uploaded with its own progress; the
 * form reads the stored URLs in order. Files are decoded one at a time so ten 12 MP photos never sit
 * decoded in memory together.
 */
export function useImageUploads(initialUrls: string[], purpose: UploadPurpose = "community_image") {
  const { t } = useTranslation("communities");
  const errorMessage = useErrorMessage();
  const [items, setItems] = useState<UploadItem[]>(() =>
    initialUrls.map((url) => ({
      id: newItemId(),
      name: url.split("/").pop() ?? url,
      status: "done",
      progress: 100,
      url,
      preview: url,
      error: null,
    })),
  );
  const [announcement, setAnnouncement] = useState("");
  const queue = useRef<Promise<void>>(Promise.resolve());
  const controllers = useRef(new Map<string, AbortController>());
  const objectUrls = useRef(new Set<string>());

  const update = useCallback((id: string, patch: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  // Local previews hold their image in memory until revoked; uploads in flight stop with the form.
  useEffect(() => {
    const urls = objectUrls.current;
    const pending = controllers.current;
    return () => {
      pending.forEach((c) => c.abort());
      urls.forEach((u) => URL.revokeObjectURL(u));
    };
  }, []);

  const fail = useCallback(
    (id: string, name: string, message: string) => {
      update(id, { status: "error", error: message });
      setAnnouncement(t("uploads.failed", { name, message }));
    },
    [update, t],
  );

  const upload = useCallback(
    async (id: string, name: string, blob: Blob, signal: AbortSignal) => {
      try {
        setAnnouncement(t("uploads.uploading", { name }));
        const uploaded = await uploadImage(blob, { purpose, signal, onProgress: (progress) => update(id, { progress }) });
        update(id, { status: "done", progress: 100, url: uploaded.url });
        setAnnouncement(t("uploads.done", { name }));
      } catch (err) {
        if (!signal.aborted) fail(id, name, errorMessage(err));
      } finally {
        controllers.current.delete(id);
      }
    },
    [update, fail, purpose, t, errorMessage],
  );

  /** Resizing runs one file at a time (memory); the uploads it hands off run side by side. */
  const prepare = useCallback(
    async (id: string, file: File, signal: AbortSignal) => {
      if (signal.aborted) return;
      let blob: Blob;
      try {
        update(id, { status: "processing" });
        blob = await resizeImage(file);
      } catch {
        if (!signal.aborted) fail(id, file.name, t("uploads.unreadable"));
        controllers.current.delete(id);
        return;
      }
      if (signal.aborted) return;
      const preview = URL.createObjectURL(blob);
      objectUrls.current.add(preview);
      update(id, { status: "uploading", progress: 0, preview });
      void upload(id, file.name, blob, signal);
    },
    [update, fail, upload, t],
  );

  const addFiles = useCallback(
    (fileList: FileList | File[]) => {
      const files = Array.from(fileList);
      const used = items.filter((i) => i.status !== "error").length;
      const { accepted, tooMany, tooLarge, unsupported } = pickFiles(files, MAX_COMMUNITY_IMAGES - used);
      if (tooMany)
        toast({
          variant: "destructive",
          title: t("validation.tooManyImages"),
          description: t("validation.tooManyImagesDescription"),
        });
      for (const f of tooLarge) {
        toast({
          variant: "destructive",
          title: t("validation.imageTooLarge"),
          description: t("validation.imageTooLargeDescription", { name: f.name }),
        });
      }
      for (const f of unsupported) {
        toast({
          variant: "destructive",
          title: t("validation.imageUnsupported"),
          description: t("validation.imageUnsupportedDescription", { name: f.name }),
        });
      }
      if (accepted.length === 0) return;
      const added = accepted.map((file) => ({
        file,
        item: { id: newItemId(), name: file.name, status: "queued" as const, progress: 0, url: null, preview: null, error: null },
      }));
      setItems((list) => [...list, ...added.map((a) => a.item)]);
      for (const { file, item } of added) {
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        queue.current = queue.current.then(() => prepare(item.id, file, controller.signal));
      }
    },
    [items, prepare, t],
  );

  const remove = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    setItems((list) => list.filter((item) => item.id !== id));
  }, []);

  /** Moves an image one place earlier or later (the first one is the cover on cards). */
  const move = useCallback((id: string, delta: -1 | 1) => {
    setItems((list) => {
      const index = list.findIndex((i) => i.id === id);
      const target = index + delta;
      if (index < 0 || target < 0 || target >= list.length) return list;
      const next = [...list];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
  }, []);

  const imageUrls = useMemo(() => items.flatMap((i) => (i.status === "done" && i.url ? [i.url] : [])), [items]);
  const busy = items.some((i) => i.status === "queued" || i.status === "processing" || i.status === "uploading");

  return { items, imageUrls, busy, announcement, addFiles, remove, move };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;
