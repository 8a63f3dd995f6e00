import { Toaster } from 'sonner';
import { useTheme } from '@/components/theme/theme-provider';

/** Toasts last 5 seconds and show one at a time (spec §9). */
export function AppToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      theme={resolvedTheme}
      duration={5000}
      visibleToasts={1}
      richColors
      closeButton
      position="top-right"
    />
  );
}
