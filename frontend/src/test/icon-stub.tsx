import { forwardRef, type SVGProps } from 'react';

type IconStubProps = SVGProps<SVGSVGElement> & { size?: number | string; stroke?: number | string; title?: string };

/** Stands in for a per-icon @tabler/icons-react module under jest (see jest.config.js): an empty svg. */
const IconStub = forwardRef<SVGSVGElement, IconStubProps>(function IconStub({ size = 24, stroke, title, ...props }, ref) {
  return (
    <svg ref={ref} width={size} height={size} strokeWidth={stroke} {...props}>
      {title && <title>{title}</title>}
    </svg>
  );
});

export default IconStub;
