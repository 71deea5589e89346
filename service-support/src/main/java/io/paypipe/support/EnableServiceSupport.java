package io.paypipe.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;

/**
 * Puts the shared plumbing of {@link ServiceSupportConfiguration} into a service's
 * context; the service's properties record implements {@link ServiceSettings}. Put it on
 * the service's {@code @SpringBootApplication} class.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Import(ServiceSupportConfiguration.class)
public @interface EnableServiceSupport {

}
