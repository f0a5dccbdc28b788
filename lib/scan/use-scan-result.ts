"use client";

import useSWR from "swr";
import { fetcher } from "@/lib/http/client-api";
import type {
  CreateStoreResponse,
  GetProductResponse,
  ListPreferencesResponse,
  ListPricesResponse,
  ListStoresResponse,
} from "@/lib/scan/schemas";

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

export type StoreList = ListStoresResponse;
export type StoreOption = StoreList["stores"][number];
export type CreatedStore = CreateStoreResponse;
export type PriceList = ListPricesResponse;
export type LatestPrice = PriceList["prices"][number];

export const STORES_KEY = "/base-scan/api/stores";

export function useStores() {
  return useSWR<StoreList>(STORES_KEY, fetcher);
}

export function useLatestPrices(code: string | null) {
  return useSWR<PriceList>(code ? `/base-scan/api/prices?code=${encodeURIComponent(code)}` : null, fetcher);
}
