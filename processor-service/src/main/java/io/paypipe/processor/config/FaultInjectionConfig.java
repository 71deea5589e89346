package io.paypipe.processor.config;

import io.paypipe.processor.transition.AfterCommitHook;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The after-commit hook: nothing in production. With {@code processor.halt-after-commit=true} (tests
 * only) the JVM halts right after the first database commit, exactly like a crash between the commit and
 * the offset commit.
 */
@Configuration(proxyBeanMethods = false)
class FaultInjectionConfig {

    private static final Logger log = LoggerFactory.getLogger(FaultInjectionConfig.class);

    @Bean
    @ConditionalOnMissingBean
    AfterCommitHook afterCommitHook(ProcessorProperties props) {
        if (!props.haltAfterCommit()) {
            return AfterCommitHook.NONE;
        }
        log.warn("fault injection on: the JVM halts after the first database commit");
        return notification -> {
            log.error("fault injection: halting after the commit of raw {} for order {}", notification.rawId(),
                    notification.orderKey());
            Runtime.getRuntime().halt(86);
        };
    }
}
