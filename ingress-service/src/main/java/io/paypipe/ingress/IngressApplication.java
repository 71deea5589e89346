package io.paypipe.ingress;

import io.paypipe.support.ProductionProfile;
import io.paypipe.support.observe.ObservabilityConfiguration;
import io.paypipe.support.security.OperatorSecurity;
import io.paypipe.support.topic.TopicsConfiguration;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.webmvc.autoconfigure.WebMvcObservationAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

/**
 * Receives channel notifications, stores each once and hands it to Kafka before
 * acknowledging. It declares the catalogue's topics and refuses to start on topics below
 * its floor ({@link TopicsConfiguration}, {@code ingress.topic-*}). Its executable jar
 * runs with the profile {@code prod} by default ({@link ProductionProfile},
 * {@code config.ProductionDefaults}).
 */
// No ServerHttpObservationFilter: http.server.requests is off (ingress-defaults), and
// the filter still made and stopped a no-op observation per request (issue 15's
// profile: ~4 % of the request threads' samples).
@SpringBootApplication(exclude = WebMvcObservationAutoConfiguration.class)
@ConfigurationPropertiesScan
@PropertySource("classpath:io/paypipe/ingress/ingress-defaults.properties")
@Import({ TopicsConfiguration.class, ObservabilityConfiguration.class, OperatorSecurity.class })
public class IngressApplication {

    public static void main(String[] args) {
        ProductionProfile.application(IngressApplication.class).run(args);
    }

}
