"use client";

import useSWR from "swr";
import { fetcher } from "@/lib/http/fetcher";
import type { GetProductResponse, ListPreferencesResponse } from "@/lib/scan/schemas";

// SWR hooks behind the scanner's result card. Only types come from schemas.ts:
// importing it at run time would ship zod to the phone.

export function useProduct(code: string | null) {
  return useSWR<GetProductResponse>(code ? `/base-scan/api/products/${encodeURIComponent(code)}` : null, fetcher, {
    shouldRetryOnError: false,
  });
}

export function usePreferences(code: string | null) {
  return useSWR<ListPreferencesResponse>(
    code ? `/base-scan/api/preferences/${encodeURIComponent(code)}` : null,
    fetcher,
  );
}

// GET api/stores and GET api/prices answer these shapes (lib/scan/stores.ts,
// lib/scan/prices.ts); only the fields the result card reads are named.
export type StoreOption = { id: number; name: string; country: string; tax_id: string | null };
export type StoreList = { ok: true; stores: StoreOption[] };
export type CreatedStore = { ok: true; store_id: number; name: string };

export type LatestPrice = {
  id: number;
  store_id: number;
  store_name: string;
  price: string;
  currency: string;
  observed_at: string;
  likely_typo: boolean;
};
export type PriceList = { ok: true; prices: LatestPrice[] };

export const STORES_KEY = "/base-scan/api/stores";

export function useStores() {
  return useSWR<StoreList>(STORES_KEY, fetcher);
}

export function useLatestPrices(code: string | null) {
  return useSWR<PriceList>(code ? `/base-scan/api/prices?code=${encodeURIComponent(code)}` : null, fetcher);
}
