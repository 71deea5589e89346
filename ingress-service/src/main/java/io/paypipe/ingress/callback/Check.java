package io.paypipe.ingress.callback;

import java.util.function.Function;

/**
 * The outcome of one step of checking a callback: the value it produced, or why the
 * callback is refused. {@code detail} of a rejection goes to the log only; it is built
 * from names and ids, never from the body, a key or a signature.
 */
public sealed interface Check<T> {

    record Ok<T>(T value) implements Check<T> {
    }

    record Rejected<T>(Rejection rejection, String detail) implements Check<T> {
    }

    static <T> Check<T> ok(T value) {
        return new Ok<>(value);
    }

    static <T> Check<T> reject(Rejection rejection, String detail) {
        return new Rejected<>(rejection, detail);
    }

    /** The next step on the value, or this rejection unchanged. */
    default <U> Check<U> then(Function<? super T, Check<U>> next) {
        return switch (this) {
            case Ok<T> ok -> next.apply(ok.value());
            case Rejected<T> r -> new Rejected<>(r.rejection(), r.detail());
        };
    }

}
