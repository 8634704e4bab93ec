import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api";
import { initI18n } from "../lib/i18n";
import { getToasts } from "../lib/toast";
import { ReportDialog, type ReportDialogProps } from "./report-dialog";

beforeAll(() => initI18n("en"));

function open(send: ReportDialogProps["send"]) {
  const onOpenChange = vi.fn();
  render(
    <ReportDialog
      open
      onOpenChange={onOpenChange}
      title="Report message"
      description="Moderators will look."
      send={send}
      pending={false}
    />,
  );
  return {
    onOpenChange,
    reason: screen.getByLabelText("Reason"),
    submit: () => fireEvent.click(screen.getByRole("button", { name: "Send report" })),
  };
}

describe("report dialog", () => {
  it("sends the trimmed reason, thanks and closes", async () => {
    const send = vi.fn<ReportDialogProps["send"]>((_reason, { onSuccess }) => onSuccess());
    const { onOpenChange, reason, submit } = open(send);
    expect(screen.getByRole("button", { name: "Send report" }).hasAttribute("disabled")).toBe(true);
    fireEvent.change(reason, { target: { value: "  Scam  " } });
    submit();
    expect(send.mock.calls[0]![0]).toBe("Scam");
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(getToasts().map((t) => t.title)).toEqual(["Report sent"]);
  });

  it("says in place that it was reported before (409), and shows other failures", async () => {
    let answer: unknown = new ApiError(409, "CONFLICT", "You have already reported this.");
    const { onOpenChange, reason, submit } = open((_reason, { onError }) => onError(answer));
    fireEvent.change(reason, { target: { value: "Spam" } });
    submit();
    expect(await screen.findByRole("status")).toHaveProperty("textContent", "You have already reported this.");
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Send report" })).toBeNull();
    cleanup();
    answer = new ApiError(500, "INTERNAL", "Something went wrong.");
    const again = open((_reason, { onError }) => onError(answer));
    fireEvent.change(again.reason, { target: { value: "Spam" } });
    again.submit();
    await waitFor(() => expect(getToasts().map((t) => t.title)).toContain("Failed to send the report"));
  });
});
