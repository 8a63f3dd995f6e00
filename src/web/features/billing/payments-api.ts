// The profile's server calls: payment provider, payment intents, status, sandbox confirm, history.
import { PURCHASE_PAGE_SIZE } from '@shared/domain/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageForm } from '@/lib/api-client';

export const PURCHASES_QUERY_KEY = ['/api/purchases'] as const;

export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['/api/payments/config'],
    queryFn: () => api.get('/api/payments/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePurchases(page: number) {
  return useQuery({
    queryKey: [...PURCHASES_QUERY_KEY, { page }],
    queryFn: async () =>
      pageForm(await api.get('/api/purchases', { query: { page, pageSize: PURCHASE_PAGE_SIZE } })),
    placeholderData: keepPreviousData,
  });
}

export const createPaymentIntent = (credits: number, amount: number) =>
  api.post('/api/create-payment-intent', { body: { credits, amount } });

export const fetchPaymentStatus = (paymentIntentId: string) =>
  api.get('/api/payment-status/:paymentIntentId', { params: { paymentIntentId } });

export const confirmSandboxPayment = (paymentIntentId: string, cardNumber: string) =>
  api.post('/api/payments/sandbox/confirm', { body: { paymentIntentId, cardNumber } });
