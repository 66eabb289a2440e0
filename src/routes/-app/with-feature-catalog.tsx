import { Suspense, type ReactNode } from 'react';
import { useFeatureCatalog, type FeatureCatalog } from './use-feature-catalog';

function CatalogGate({ name, children }: { name: FeatureCatalog; children: ReactNode }) {
  useFeatureCatalog(name);
  return children;
}

/**
 * Renders `children` once the feature's catalog is loaded for the active locale, and nothing until then. For the
 * dialogs a page or the overlays mount (the auth dialog, the feedback and report forms): waiting inside its own
 * boundary, a dialog does not suspend the page or the other overlays around it.
 */
export function WithFeatureCatalog({ name, children }: { name: FeatureCatalog; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <CatalogGate name={name}>{children}</CatalogGate>
    </Suspense>
  );
}
