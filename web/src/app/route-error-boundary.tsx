import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface BoundaryProps {
  children: ReactNode;
  fallback: (error: unknown) => ReactNode;
  /** A new value (the next navigation) clears the error and renders the children again. */
  resetKey: string;
}
interface BoundaryState {
  failure: { error: unknown } | null;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.failure ? this.props.fallback(this.state.failure.error) : this.props.children;
  }
}

/**
 * A route's error boundary: what its children throw while rendering shows `fallback` in their place,
 * until the visitor navigates elsewhere (as a data router's `errorElement`).
 */
export function RouteErrorBoundary({ children, fallback }: { children: ReactNode; fallback: (error: unknown) => ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary fallback={fallback} resetKey={key}>{children}</ErrorBoundary>;
}
