import { describe, expect, it } from "vitest";
import { classifyCode, SCAN_KINDS, type ClassifyCodeOptions, type ScanKind } from "@/lib/scan/classify-code";

const FATURA =
  "A:123456789*B:999999990*C:PT*D:FS*E:N*F:20190812*G:FS CDVF/12345*H:CDF7T5HD-12345*I1:PT*I7:0.65*I8:0.15*N:0.15*O:0.80*Q:YhGV*R:9999*S:NU;0.80";

describe("classifyCode", () => {
  it("has the five kinds, in precedence order", () => {
    expect(SCAN_KINDS).toEqual(["fatura", "card", "url", "barcode", "qr"]);
  });

  it.each<[string, ClassifyCodeOptions, ScanKind]>([
    // fatura
    ["official fatura QR", { value: FATURA, format: "qr_code" }, "fatura"],
    ["fatura without a format", { value: FATURA }, "fatura"],
    ["damaged fatura (invalid NIF)", { value: FATURA.replace("123456789", "123456780") }, "fatura"],
    ["fatura with reader whitespace", { value: `${FATURA}\n`, format: "QR_CODE" }, "fatura"],
    // url
    ["https link", { value: "https://example.com/p?id=1", format: "qr_code" }, "url"],
    ["http link", { value: "http://example.com", format: "QRCode" }, "url"],
    ["upper-case scheme", { value: "HTTPS://EXAMPLE.COM/", format: "qr_code" }, "url"],
    ["link in a Code 128", { value: "https://example.com/x", format: "code_128" }, "url"],
    ["GS1 Digital Link", { value: "https://id.gs1.org/01/04006381333931", format: "qr_code" }, "url"],
    ["other scheme is not a url", { value: "ftp://example.com/file", format: "qr_code" }, "qr"],
    ["mailto is not a url", { value: "mailto:someone@example.com", format: "qr_code" }, "qr"],
    ["bare domain is not a url", { value: "example.com", format: "qr_code" }, "qr"],
    ["scheme only", { value: "https://", format: "qr_code" }, "qr"],
    ["link with spaces", { value: "https://exa mple.com", format: "qr_code" }, "qr"],
    // barcode: a 1-D format, or digits with a valid GTIN check digit
    ["EAN-13", { value: "4006381333931", format: "ean_13" }, "barcode"],
    ["EAN-13 spelled by a scanner", { value: "5601234567892", format: "EAN-13" }, "barcode"],
    ["EAN-13 with a bad check digit, still 1-D", { value: "4006381333932", format: "ean_13" }, "barcode"],
    ["EAN-8", { value: "96385074", format: "EAN_8" }, "barcode"],
    ["UPC-A", { value: "036000291452", format: "upc_a" }, "barcode"],
    ["UPC-E", { value: "01234565", format: "upce" }, "barcode"],
    ["Code 39 with letters", { value: "ABC-123", format: "CODE_39" }, "barcode"],
    ["Code 128 free text", { value: "LOT 42/B", format: "Code 128" }, "barcode"],
    ["Codabar", { value: "A40156B", format: "codabar" }, "barcode"],
    ["ITF-14", { value: "10012345678902", format: "ITF" }, "barcode"],
    ["digits, no format, valid EAN-13", { value: "4006381333931" }, "barcode"],
    ["digits, null format, valid UPC-A", { value: "036000291452", format: null }, "barcode"],
    ["digits, no format, valid UPC-E", { value: "01234565" }, "barcode"],
    ["digits, unknown format, valid EAN-8", { value: "96385074", format: "whatever" }, "barcode"],
    ["valid GTIN inside a QR code", { value: "4006381333931", format: "qr_code" }, "barcode"],
    ["digits with reader whitespace", { value: " 4006381333931\n" }, "barcode"],
    // qr: everything else
    ["digits, no format, bad check digit", { value: "4006381333932" }, "qr"],
    ["digits, no format, not a GTIN length", { value: "123456" }, "qr"],
    ["digits in a 2-D code, bad check digit", { value: "4006381333932", format: "data_matrix" }, "qr"],
    ["text in a QR code", { value: "hello world", format: "qr_code" }, "qr"],
    ["text without a format", { value: "hello world" }, "qr"],
    ["Wi-Fi QR", { value: "WIFI:T:WPA;S:home;P:secret;;", format: "qr_code" }, "qr"],
    ["PDF417 boarding pass", { value: "M1DOE/JOHN EABC123 LISOPOAF 1234", format: "PDF_417" }, "qr"],
    ["Aztec ticket", { value: "TICKET-123", format: "aztec" }, "qr"],
    ["empty value", { value: "" }, "qr"],
  ])("%s → %s", (_name, options, expected) => {
    expect(classifyCode(options)).toBe(expected);
  });

  describe("precedence fatura > card > url > barcode > qr", () => {
    it.each<[string, ClassifyCodeOptions, ScanKind]>([
      [
        "a card's EAN-13 is a card, not a product",
        { value: "2001234567893", format: "ean_13", isActiveCardValue: true },
        "card",
      ],
      ["a card's Code 128 is a card", { value: "CARD-0042", format: "code_128", isActiveCardValue: true }, "card"],
      ["a card's QR text is a card", { value: "member:42", format: "qr_code", isActiveCardValue: true }, "card"],
      ["a card whose value is a link is a card", { value: "https://club.example/42", isActiveCardValue: true }, "card"],
      ["a fatura stays a fatura even if stored as a card", { value: FATURA, isActiveCardValue: true }, "fatura"],
      [
        "no card flag: the same EAN-13 is a barcode",
        { value: "2001234567893", format: "ean_13", isActiveCardValue: false },
        "barcode",
      ],
      ["a link wins over the 1-D rule", { value: "http://example.com", format: "itf" }, "url"],
      ["fatura content in a 1-D symbol is still a fatura", { value: FATURA, format: "code_128" }, "fatura"],
    ])("%s", (_name, options, expected) => {
      expect(classifyCode(options)).toBe(expected);
    });
  });
});
