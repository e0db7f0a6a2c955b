// The confirmation dialog as an entry of its own: only the seller's and the admin's screens use it.
export { ConfirmationModal, DELETE_BUYER_TITLE, DELETE_PRODUCT_TITLE, deleteMessage } from './ConfirmationModal';
export type { ConfirmationModalProps } from './ConfirmationModal';
export { useConfirmedAction } from './use-confirmed-action';
