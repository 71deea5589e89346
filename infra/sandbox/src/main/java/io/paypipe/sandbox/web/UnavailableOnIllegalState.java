package io.paypipe.sandbox.web;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a sandbox controller: an {@link IllegalStateException} from its endpoints (the
 * broker did not take an order, the pusher is closed) answers 503 {@code {"error": ...}}.
 * Without it Spring's default answers (500), as it did before the controllers shared one
 * {@link SandboxErrorAdvice}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface UnavailableOnIllegalState {

}
