import { act, renderHook } from '@testing-library/react';
import { useFormFields } from './use-form-fields';

describe('useFormFields', () => {
  it("drops a field's problem when that field changes, keeping the others", () => {
    const { result } = renderHook(() => useFormFields({ nome: 'A', valor: '' }));
    act(() => result.current.setErrors({ nome: 'curto', valor: 'vazio' }));
    act(() => result.current.change((values) => ({ ...values, nome: 'Ana' })));
    expect(result.current.values).toEqual({ nome: 'Ana', valor: '' });
    expect(result.current.errors).toEqual({ valor: 'vazio' });
    act(() => result.current.change({ nome: 'Ana', valor: '' }));
    expect(result.current.errors).toEqual({ valor: 'vazio' });
  });
});
