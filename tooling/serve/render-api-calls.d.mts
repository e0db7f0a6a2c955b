export declare const RENDER_KEY_HEADER: 'x-bookswap-render-key';
export declare const RENDER_VISITOR_HEADER: 'x-bookswap-render-for';

export declare function renderingFor<T>(client: string, work: () => T): T;
export declare function sendRenderCredential(options: { apiUrl: string; key: string | undefined }): () => void;
