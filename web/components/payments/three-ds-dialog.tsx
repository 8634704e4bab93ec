import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentResult } from "../../../common/contract/payments";
import { fetchOrder } from "../../lib/payments";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Spinner } from "../ui/spinner";

/** Spec 002 section 9: the form goes to the bank after 1 s (0.5 s when saving a card); 30 s in all. */
export const AUTO_SUBMIT_MS = 1000;
export const AUTO_SUBMIT_SAVE_CARD_MS = 500;
export const THREE_DS_TIMEOUT_MS = 30_000;
/** How long the bank's page may take to appear before the frame counts as failed. */
const FRAME_LOAD_MS = 15_000;
const POLL_MS = 2000;

export type ThreeDsOutcome = { kind: "done"; result: PaymentResult } | { kind: "timeout" } | { kind: "cancelled" };

type ThreeDsDialogProps = {
  challenge: NonNullable<PaymentResult["threeDs"]>;
  orderId: string;
  variant: "pay" | "save";
  onFinish: (outcome: ThreeDsOutcome) => void;
};

/**
 * The card's bank authenticates the payer inside a frame: a hidden form posts the challenge to the
 * bank's page, which returns to our TermUrl page in the same frame. The order's status comes from the
 * API (never from the frame), read when the frame returns and every few seconds meanwhile.
 */
export function ThreeDsDialog({ challenge, orderId, variant, onFinish }: ThreeDsDialogProps) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [frameFailed, setFrameFailed] = useState(false);
  const loaded = useRef(false);
  const submitted = useRef(false);
  const [frameReady, setFrameReady] = useState(false);
  const finished = useRef(false);
  const frameName = `three-ds-${orderId}`;

  const finish = (outcome: ThreeDsOutcome) => {
    if (finished.current) return;
    finished.current = true;
    onFinish(outcome);
  };

  // Submit the challenge after the spec's delay; each Retry submits it again.
  useEffect(() => {
    loaded.current = false;
    submitted.current = false;
    const submit = setTimeout(
      () => {
        submitted.current = true;
        formRef.current?.submit();
      },
      variant === "save" ? AUTO_SUBMIT_SAVE_CARD_MS : AUTO_SUBMIT_MS,
    );
    const frameCheck = setTimeout(() => {
      if (!loaded.current) setFrameFailed(true);
    }, FRAME_LOAD_MS);
    return () => {
      clearTimeout(submit);
      clearTimeout(frameCheck);
    };
  }, [attempt, variant]);

  useEffect(() => {
    const timeout = setTimeout(() => finish({ kind: "timeout" }), THREE_DS_TIMEOUT_MS);
    const poll = setInterval(() => void check(), POLL_MS);
    return () => {
      clearTimeout(timeout);
      clearInterval(poll);
    };
    // The timers belong to the open dialog as a whole, not to a render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function check() {
    if (finished.current) return;
    try {
      const result = await fetchOrder(orderId);
      if (result.status !== "pending") finish({ kind: "done", result });
    } catch {
      // A failed read is tried again at the next tick.
    }
  }

  const retry = () => {
    setFrameFailed(false);
    setFrameReady(false);
    setAttempt((n) => n + 1);
  };

  const onFrameLoad = () => {
    // The empty frame loads before the form is sent; only the bank's page (and what follows) counts.
    if (!submitted.current) return;
    loaded.current = true;
    setFrameReady(true);
    setFrameFailed(false);
    void check();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && finish({ kind: "cancelled" })}
      title={t("payments.threeDs.title")}
      className="max-w-lg"
    >
      <p className="text-sm text-muted-foreground">{t("payments.threeDs.description")}</p>
      <form ref={formRef} method="post" action={challenge.acsUrl} target={frameName} className="hidden">
        <input type="hidden" name="PaReq" value={challenge.pareq} />
        <input type="hidden" name="MD" value={challenge.md} />
        <input type="hidden" name="TermUrl" value={challenge.termUrl} />
      </form>
      {frameFailed ? (
        <div role="alert" className="mt-4 space-y-3 rounded-xl border border-destructive/40 p-4">
          <p className="text-sm text-foreground">{t("payments.threeDs.frameFailed")}</p>
          <div className="flex gap-2">
            <Button onClick={retry}>{t("payments.threeDs.retry")}</Button>
            <Button variant="outline" onClick={() => finish({ kind: "cancelled" })}>
              {t("common.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="relative mt-4 h-[420px] overflow-hidden rounded-xl border border-border bg-white">
          {!frameReady && (
            <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted-foreground">
              <Spinner /> {t("payments.threeDs.connecting")}
            </div>
          )}
          <iframe
            key={attempt}
            name={frameName}
            title={t("payments.threeDs.frameTitle")}
            className="relative h-full w-full"
            onLoad={onFrameLoad}
          />
        </div>
      )}
    </Dialog>
  );
}
