// sonner's Toaster, showing one toast at a time (spec §9): a new toast replaces the one on screen
// instead of queueing behind it. Loaded on its own by app-toaster.tsx.
import { useEffect } from 'react';
import { Toaster, type ToasterProps, toast, useSonner } from 'sonner';

function OneAtATime() {
  const { toasts } = useSonner();
  useEffect(() => {
    // newest first: every older one goes
    for (const older of toasts.slice(1)) toast.dismiss(older.id);
  }, [toasts]);
  return null;
}

export default function OneToastToaster(props: ToasterProps) {
  return (
    <>
      <Toaster visibleToasts={1} {...props} />
      <OneAtATime />
    </>
  );
}
