import { Link } from 'react-router';
import { useFocusHeading } from '../shared/focus';

export function NotFound() {
  const heading = useFocusHeading();
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        없는 화면이에요
      </h1>
      <p>
        주소를 확인해 주세요. <Link to="/">처음 화면으로 가기</Link>
      </p>
    </>
  );
}
