// The async boundary: shared singletons are negotiated with the federation runtime before any of them runs.
void import('./bootstrap');
