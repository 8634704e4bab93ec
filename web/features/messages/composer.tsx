import { ImagePlus, Reply, SendHorizontal, X } from "lucide-react";
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/input";
import { toast } from "../../lib/toast";
import { acceptedImageTypes } from "../../../common/contract/enums";
import { MESSAGE_MAX } from "../../../common/contract/limits";
import type { ChatMessage } from "../../../common/contract/conversations";
import type { Draft } from "./use-outbox";

/** A typing frame is sent again this often while someone keeps typing, and stops after this long idle. */
export const TYPING_REFRESH_MS = 3000;
const TYPING_IDLE_MS = 4000;

const ACCEPTED: readonly string[] = acceptedImageTypes;

type ComposerProps = {
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  onSend: (draft: Draft) => void;
  onTyping: (active: boolean) => void;
};

export type ComposerHandle = { focus: () => void };

/** Enter sends, Shift+Enter adds a line; an image (only images) and a reply may ride along. */
export const Composer = forwardRef<ComposerHandle, ComposerProps>(function Composer(
  { replyTo, onCancelReply, onSend, onTyping },
  handle,
) {
  const { t } = useTranslation("messages");
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const typingSentAt = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hintId = useId();
  useImperativeHandle(handle, () => ({ focus: () => textRef.current?.focus() }), []);

  useEffect(() => () => clearTimeout(idle.current), []);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const stopTyping = () => {
    clearTimeout(idle.current);
    if (typingSentAt.current) onTyping(false);
    typingSentAt.current = 0;
  };

  const typed = (value: string) => {
    setText(value);
    if (!value.trim()) return stopTyping();
    if (Date.now() - typingSentAt.current > TYPING_REFRESH_MS) {
      onTyping(true);
      typingSentAt.current = Date.now();
    }
    clearTimeout(idle.current);
    idle.current = setTimeout(stopTyping, TYPING_IDLE_MS);
  };

  const submit = () => {
    const content = text.trim();
    // The spec: empty text without an attachment is not sent.
    if (!content && !file) return;
    onSend({ content, file, replyTo });
    setText("");
    setFile(null);
    stopTyping();
    textRef.current?.focus();
  };

  const pick = (files: FileList | null) => {
    const picked = files?.[0];
    if (!picked) return;
    if (!ACCEPTED.includes(picked.type)) {
      toast({ title: t("toast.uploadFailed", { reason: t("composer.imagesOnly") }), variant: "destructive" });
      return;
    }
    setFile(picked);
    textRef.current?.focus();
  };

  return (
    <form
      className="border-t border-border bg-surface p-2 sm:p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {replyTo && (
        <div className="mb-2 flex items-center gap-2 rounded-lg border-l-4 border-primary bg-muted px-3 py-1.5 text-sm">
          <Reply className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-semibold text-foreground">
              {t("composer.replyingTo", { name: replyTo.sender?.fullName ?? t("common.unknownUser") })}
            </span>
            <span className="block truncate text-muted-foreground">{replyTo.content || t("message.image")}</span>
          </span>
          <button
            type="button"
            onClick={onCancelReply}
            aria-label={t("composer.cancelReply")}
            className="rounded p-1 text-muted-foreground hover:bg-background hover:text-foreground"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
      {file && preview && (
        <div className="mb-2 flex items-center gap-2 rounded-lg bg-muted px-3 py-1.5 text-sm">
          <img src={preview} alt="" className="h-10 w-10 rounded object-cover" />
          <span className="min-w-0 flex-1 truncate text-foreground">{file.name}</span>
          <button
            type="button"
            onClick={() => setFile(null)}
            aria-label={t("composer.removeImage")}
            className="rounded p-1 text-muted-foreground hover:bg-background hover:text-foreground"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t("composer.attach")}
          onClick={() => fileRef.current?.click()}
        >
          <ImagePlus className="h-5 w-5" aria-hidden="true" />
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept={ACCEPTED.join(",")}
          hidden
          data-testid="chat-image-input"
          onChange={(e) => {
            pick(e.target.files);
            e.target.value = "";
          }}
        />
        <Textarea
          ref={textRef}
          rows={1}
          value={text}
          maxLength={MESSAGE_MAX}
          placeholder={t("composer.placeholder")}
          aria-label={t("composer.label")}
          aria-describedby={hintId}
          className="max-h-40 min-h-10 flex-1 resize-none"
          onChange={(e) => typed(e.target.value)}
          onBlur={stopTyping}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <span id={hintId} className="sr-only">
          {t("composer.hint", { send: "Enter", newline: "Shift+Enter" })}
        </span>
        <Button type="submit" size="icon" aria-label={t("composer.send")} disabled={!text.trim() && !file}>
          <SendHorizontal className="h-5 w-5" aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
});
