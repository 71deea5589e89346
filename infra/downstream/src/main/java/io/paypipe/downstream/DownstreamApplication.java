package io.paypipe.downstream;

import io.paypipe.support.security.OperatorSecurity;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;

/**
 * Reference consumers of {@code order.paid}: a warehouse that ships once per event and a
 * points service that grants once per event. They stand for the merchant's real
 * downstream systems and make the exactly-once effect visible: each applies an event id
 * once through its own unique key. Its {@code /ops/consumers} need a sign-in like the
 * services' ({@link OperatorSecurity}).
 */
@SpringBootApplication
@Import(OperatorSecurity.class)
@PropertySource("classpath:io/paypipe/downstream/downstream-defaults.properties")
public class DownstreamApplication {

    public static void main(String[] args) {
        SpringApplication.run(DownstreamApplication.class, args);
    }

}
