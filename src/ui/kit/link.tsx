import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from 'react';

/** What every link of the ui renders with: an anchor's attributes and a required href. */
export type LinkComponentProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  children?: ReactNode;
};

const LinkContext = createContext<ComponentType<LinkComponentProps> | null>(null);

/**
 * Lets the app render ui links with its router (client-side navigation, preloading) without the ui importing the
 * router or the routes (STYLE rule 1). Without a provider, links are plain anchors.
 */
export function LinkProvider({
  component,
  children,
}: {
  component: ComponentType<LinkComponentProps>;
  children: ReactNode;
}) {
  return <LinkContext value={component}>{children}</LinkContext>;
}

/** A link through the provided link component, else a plain anchor. */
export function AppLink(props: LinkComponentProps) {
  const Component = useContext(LinkContext);
  if (Component) return <Component {...props} />;
  return <a {...props} />;
}
