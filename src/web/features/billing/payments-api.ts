// The profile's server calls: payment provider, payment intents, status, sandbox confirm, history.
import type {
  CreatePaymentIntentResponse,
  PagedPurchases,
  PaymentStatusResponse,
  PaymentsConfig,
} from '@shared/contracts/billing';
import { PURCHASE_PAGE_SIZE } from '@shared/domain/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, qs } from '@/lib/api';

export const PURCHASES_QUERY_KEY = ['/api/purchases'] as const;

export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['/api/payments/config'],
    queryFn: () => apiGet<PaymentsConfig>('/api/payments/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePurchases(page: number) {
  return useQuery({
    queryKey: [...PURCHASES_QUERY_KEY, { page }],
    queryFn: () => apiGet<PagedPurchases>(`/api/purchases${qs({ page, pageSize: PURCHASE_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
  });
}

export const createPaymentIntent = (credits: number, amount: number) =>
  apiPost<CreatePaymentIntentResponse>('/api/create-payment-intent', { credits, amount });

export const fetchPaymentStatus = (paymentIntentId: string) =>
  apiGet<PaymentStatusResponse>(`/api/payment-status/${encodeURIComponent(paymentIntentId)}`);

export const confirmSandboxPayment = (paymentIntentId: string, cardNumber: string) =>
  apiPost<PaymentStatusResponse>('/api/payments/sandbox/confirm', { paymentIntentId, cardNumber });
