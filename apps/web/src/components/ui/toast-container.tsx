import { Bounce, ToastContainer } from 'react-toastify';
import { LIMITS } from '@pharmacy/shared';

/** Spec §4 / DECISIONS toasts: top-right, 5000 ms, drag to dismiss at 80 percent. */
export default function AppToastContainer() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={LIMITS.toastAutoCloseMs}
      draggable
      draggablePercent={80}
      newestOnTop
      pauseOnFocusLoss
      pauseOnHover
      closeOnClick={false}
      transition={Bounce}
      theme="light"
    />
  );
}
