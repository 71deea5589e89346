package io.paypipe.ingress.callback;

import io.micrometer.core.instrument.MeterRegistry;
import io.paypipe.ingress.config.IngressProperties;
import jakarta.servlet.DispatcherType;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.security.config.observation.SecurityObservationSettings;

/**
 * The body filter in front of every callback endpoint ({@code /notify/*}), and no
 * per-request observation on their way.
 */
@Configuration(proxyBeanMethods = false)
class CallbackConfiguration {

    @Bean
    FilterRegistrationBean<CallbackBodyFilter> callbackBodyFilter(IngressProperties properties, CallbackTally tally,
            MeterRegistry registry) {
        var registration = new FilterRegistrationBean<>(new CallbackBodyFilter(properties.maxBodyBytes().toBytes(),
                properties.bodyReadTimeout(), tally, registry));
        registration.addUrlPatterns("/notify/*");
        registration.setDispatcherTypes(DispatcherType.REQUEST);
        registration.setAsyncSupported(true);
        // after Spring's own filters (encoding, request context, observation), right
        // before the dispatcher servlet
        registration.setOrder(Ordered.LOWEST_PRECEDENCE);
        return registration;
    }

    /**
     * No Spring Security observations in ingress: with an observation registry present,
     * Spring Security observes its filter chain (before and after every filter, every
     * authorization) on every request, a callback's included, for meters no dashboard or
     * alert reads. A JFR profile of ingress alone found them at about a tenth of the
     * request threads' samples (issue 15).
     */
    @Bean
    SecurityObservationSettings noSecurityObservations() {
        return SecurityObservationSettings.noObservations();
    }

}
