import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from './button';

/** 'Back' in a title row: returns to the previous page. */
export function BackButton({ label = 'Back' }: { label?: string }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      onClick={() => navigate(-1)}
      icon={<ArrowLeft aria-hidden="true" className="size-4" />}
    >
      {label}
    </Button>
  );
}
