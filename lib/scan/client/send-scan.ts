import { postJson } from "@/lib/http/fetcher";

// The one way the pages record a scan. Offline delivery (IndexedDB queue,
// exactly-once via `client_id`) lives behind this function so the scanner
// does not need to know whether the phone has signal.

export type ScanToSend = { value: string; format?: string | null; note?: string | null };

/** The body of a successful `POST /base-scan/api/scan`. */
export type RecordedScan = {
  ok: true;
  id: number;
  value: string;
  format: string;
  kind: "barcode" | "qr" | "fatura" | "url" | "card";
  note: string | null;
  session_id: string;
  store_id: number | null;
  store_name: string | null;
  created_at: string;
  invoice: RecordedInvoice | null;
};

export type RecordedInvoice = {
  id: number;
  scan_id: number;
  store_id: number | null;
  parse_error: string | null;
  issuer_nif: string | null;
  buyer_nif: string | null;
  country: string | null;
  doc_type: string | null;
  doc_status: string | null;
  doc_date: string | null;
  doc_id: string | null;
  atcud: string | null;
  total_tax: string | null;
  gross_total: string | null;
  vat_lines: { region: string; rate: string; base: string; vat: string }[];
  created_at: string;
};

export type SendScanResult = { status: "sent"; scan: RecordedScan } | { status: "queued"; clientId: string };

export async function sendScan(scan: ScanToSend): Promise<SendScanResult> {
  return { status: "sent", scan: await postJson<RecordedScan>("/base-scan/api/scan", scan) };
}
