import { create } from 'zustand';
import type { ModalId } from '@checkout/contract';
import type { ModalProps } from './modal-registry';

export interface OpenModal {
  id: ModalId;
  props: ModalProps;
}

interface ModalState {
  current: OpenModal | null;
  open: (id: ModalId, props?: ModalProps) => void;
  close: () => void;
}

/** One modal at a time, shown by the single <ModalHost/>. */
export const useModalStore = create<ModalState>()((set) => ({
  current: null,
  open: (id, props = {}) => set({ current: { id, props } }),
  close: () => set({ current: null }),
}));

export const openModal = (id: ModalId, props?: ModalProps): void => useModalStore.getState().open(id, props);
export const closeModal = (): void => useModalStore.getState().close();

export const useModal = () => ({ openModal, closeModal });
